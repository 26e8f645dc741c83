/** shared/schemas/comments COMMENT_MAX, copied so the deal page does not load zod (kept equal by a test). */
export const COMMENT_MAX_LENGTH = 2000;
