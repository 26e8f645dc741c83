import { describe, expect, it } from 'vitest';
import { BROWSE_STATUSES, DEAL_SORTS, DEAL_TYPES } from '../../../../shared/schemas/deals';
import { COMMENT_MAX } from '../../../../shared/domain/constants';
import { COMMENT_MAX_LENGTH } from '../../deal-detail/limits';
import { SORTS, STATUSES, TYPES } from './options';

describe('zod-free copies of the shared lists', () => {
  it('match the schemas the server validates with', () => {
    expect([...SORTS]).toEqual([...DEAL_SORTS]);
    expect([...TYPES]).toEqual([...DEAL_TYPES]);
    expect([...STATUSES]).toEqual([...BROWSE_STATUSES]);
    expect(COMMENT_MAX_LENGTH).toBe(COMMENT_MAX);
  });
});
