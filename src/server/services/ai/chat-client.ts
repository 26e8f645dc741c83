import { HttpError } from '../../http/errors.js';

/**
 * An OpenAI-compatible chat-completions call (OpenAI, Ollama, llama.cpp server, vLLM, LM Studio). The endpoint is the
 * operator's own AI_BASE_URL, so it is trusted and does not go through the SSRF guard.
 */

export interface AiSettings {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const timedOut = (ms: number) => new HttpError(504, `The AI service did not answer within ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} seconds`}`);

export function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
}

export async function chatComplete(ai: AiSettings, messages: ChatMessage[], opts: { maxTokens?: number; temperature?: number } = {}): Promise<string> {
  if (!ai.baseUrl) throw new HttpError(503, 'No AI service is configured');
  let res: Response;
  try {
    res = await fetch(chatCompletionsUrl(ai.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: ai.model, messages, temperature: opts.temperature ?? 0.3, max_tokens: opts.maxTokens ?? 400, stream: false }),
      signal: AbortSignal.timeout(ai.timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw timedOut(ai.timeoutMs);
    throw new HttpError(502, 'Could not reach the AI service');
  }
  let payload: unknown;
  try {
    payload = await res.json();
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw timedOut(ai.timeoutMs);
    payload = null;
  }
  if (!res.ok) {
    const detail = (payload as { error?: { message?: unknown } | string } | null)?.error;
    const message = typeof detail === 'string' ? detail : typeof detail?.message === 'string' ? detail.message : '';
    throw new HttpError(502, `The AI service answered with an error (HTTP ${res.status})${message ? `: ${message.slice(0, 200)}` : ''}`);
  }
  const content = (payload as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]?.message?.content;
  const text = typeof content === 'string' ? content.replace(/<think>[\s\S]*?<\/think>/g, '').trim() : '';
  if (!text) throw new HttpError(502, 'The AI service returned an empty answer');
  return text;
}
