/**
 * A client generated from the OpenAPI document knows every answer an operation can give, errors included
 * (docs/notes/contract.md): the app's own /api/docs/json goes through openapi-typescript, as a client's build would,
 * and a small usage file is type-checked against the result with the TypeScript compiler. The usage reads the success
 * and the error replies of a few operations; its `@ts-expect-error` lines make sure the types are not `any` (an
 * expected error that does not happen is itself an error) and that no status is typed that the route cannot answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';

const USAGE = `
import type { paths } from './api';

type Method = 'get' | 'post' | 'put' | 'delete';
/** The JSON body an operation answers with that status. */
type Reply<P extends keyof paths, M extends Method, S extends number> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R ? (R[S] extends { content: { 'application/json': infer B } } ? B : never) : never
  : never;
/** Every body the operation can answer. */
type AnyReply<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? { [S in keyof R]: R[S] extends { content: { 'application/json': infer B } } ? B : never }[keyof R]
  : never;
type Statuses<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R } ? keyof R : never;

// GET /api/deals/{id}: the deal, a pending deal's 403, a 404; success and failure tell each other apart.
declare const deal: Reply<'/api/deals/{id}', 'get', 200>;
export const title: string = deal.data.title;
declare const pending: Reply<'/api/deals/{id}', 'get', 403>;
export const isPending: true | undefined = pending.isPendingDeal;
export const failed: false = pending.success;
declare const missing: Reply<'/api/deals/{id}', 'get', 404>;
export const message: string = missing.error;
// @ts-expect-error a plain error reply has no extra fields
missing.isPendingDeal;
export function read(reply: AnyReply<'/api/deals/{id}', 'get'>): string {
  return reply.success ? reply.data.title : reply.error;
}
// A public read needs no account: it declares no 401 (were 401 declared, Exclude would leave never).
export const no401: Exclude<401, Statuses<'/api/deals/{id}', 'get'>> = 401;

// POST /api/deals: the 201, a 400 naming its fields, a visitor's 401, the duplicate's 409, the rate limit's 429.
declare const created: Reply<'/api/deals', 'post', 201>;
export const newId: number = created.data.id;
declare const invalid: Reply<'/api/deals', 'post', 400>;
export const fields: Record<string, string> | undefined = invalid.fields;
export const firstField: string | undefined = invalid.field;
declare const visitor: Reply<'/api/deals', 'post', 401>;
export const signIn: string = visitor.error;
declare const duplicate: Reply<'/api/deals', 'post', 409>;
export const existing: number | undefined = duplicate.data?.existingDealId;
declare const limited: Reply<'/api/deals', 'post', 429>;
// @ts-expect-error an error reply carries no data
limited.data;
// @ts-expect-error the 201 is a success
export const notFailed: Reply<'/api/deals', 'post', 201>['success'] = false;

// POST /api/auth/login: wrong password (401), an address not verified yet (403 with emailNotVerified).
declare const unverified: Reply<'/api/auth/login', 'post', 403>;
export const mustVerify: true | undefined = unverified.emailNotVerified;
declare const wrongPassword: Reply<'/api/auth/login', 'post', 401>;
export const tryAgain: string = wrongPassword.error;
`;

function typeCheck(files: Record<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quidsin-openapi-client-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const program = ts.createProgram([path.join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
      return `${where}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('a client generated from the OpenAPI document', () => {
  let h: Harness;
  let types: string;
  beforeAll(async () => {
    h = await createHarness();
    const res = await h.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.status).toBe(200);
    types = astToString(await openapiTS(res.body));
  }, 60_000);
  afterAll(() => h?.close());

  it('types the success and the error replies of its operations', { timeout: 60_000 }, () => {
    expect(types).toContain('"/api/deals/{id}"');
    expect(typeCheck({ 'api.d.ts': types, 'usage.ts': USAGE })).toEqual([]);
  });

  it('and the check fails on a reply read wrongly (an empty list above means something)', { timeout: 60_000 }, () => {
    const wrong = `import type { paths } from './api';
declare const reply: paths['/api/deals/{id}']['get']['responses'][404]['content']['application/json'];
export const id: number = reply.data.id;
`;
    expect(typeCheck({ 'api.d.ts': types, 'usage.ts': wrong })).toEqual([expect.stringMatching(/^usage\.ts:3 TS2339 Property 'data' does not exist/)]);
  });
});
