import { describe, expect, it } from 'vitest';
import { BROWSE_STATUSES, DEAL_SORTS, DEAL_TYPES } from '../../../../shared/schemas/deals/deals';
import { SORTS, STATUSES, TYPES } from './options';

describe('zod-free copies of the shared lists', () => {
  it('match the schemas the server validates with', () => {
    expect([...SORTS]).toEqual([...DEAL_SORTS]);
    expect([...TYPES]).toEqual([...DEAL_TYPES]);
    expect([...STATUSES]).toEqual([...BROWSE_STATUSES]);
  });
});
