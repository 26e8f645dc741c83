import { describe, expect, it } from 'vitest';
import { actorText, pageFrom, subjectPrefix } from './log-words';

describe('public moderation log words', () => {
  it('names the actor by role, with the username for the team', () => {
    expect(actorText({ role: 'moderator', username: 'quidsin_mod' })).toBe('quidsin_mod (moderator)');
    expect(actorText({ role: 'admin', username: null })).toBe('an admin');
    expect(actorText({ role: 'community', username: null })).toBe('the community (member reports)');
    expect(actorText({ role: 'system', username: null })).toBe('automatic');
  });

  it('keeps "a comment on" in front of a linked deal title', () => {
    expect(subjectPrefix('a comment on Air fryer', 'Air fryer')).toBe('A comment on ');
    expect(subjectPrefix('Air fryer', 'Air fryer')).toBe('');
    expect(subjectPrefix('a member', 'Air fryer')).toBe('');
  });

  it('reads the page from the address', () => {
    expect(pageFrom('3')).toBe(3);
    expect(pageFrom('0')).toBe(1);
    expect(pageFrom('x')).toBe(1);
    expect(pageFrom(null)).toBe(1);
  });
});
