import { type FollowType, followRefusal } from '../../../shared/domain/members/follows.js';
import { FOLLOW_MESSAGES } from '../../../shared/schemas/members/follows.js';
import { badRequest, conflict } from '../../http/errors.js';

/** Any verified member follows (the route's sign-in guard); never themselves, never past MAX_FOLLOWS. */
export function assertMayFollow(type: FollowType, targetId: number, memberId: number, following: number): void {
  const refusal = followRefusal(type, targetId, memberId, following);
  if (refusal === 'self') throw badRequest(FOLLOW_MESSAGES.self, 'id');
  if (refusal === 'limit') throw conflict(FOLLOW_MESSAGES.limit);
}
