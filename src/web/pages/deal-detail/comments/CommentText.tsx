import { splitMentions } from '../../../../shared/domain/members/notifications';
import { MemberLink } from '../../../components/deal/CommunityLinks';

/** A comment's text with `@username` of existing members (the server's `mentions`) linked to their pages; other names stay text. */
export function CommentText({ text, mentions }: { text: string; mentions?: string[] }) {
  if (!mentions?.length) return <>{text}</>;
  const known = new Map(mentions.map((m) => [m.toLowerCase(), m]));
  return (
    <>
      {splitMentions(text).map((part, i) => {
        const member = part.username && known.get(part.username.toLowerCase());
        return member ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <MemberLink key={i} username={member} className="font-semibold text-emerald-700">
            {part.text}
          </MemberLink>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <span key={i}>{part.text}</span>
        );
      })}
    </>
  );
}
