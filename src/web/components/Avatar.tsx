import { useState } from 'react';

/** An avatar image, or the first letter of the name on a coloured disc (also when the image fails). */
export function Avatar({ user, size = 32 }: { user: { username: string; avatar?: string | null; avatarUrl?: string | null }; size?: number }) {
  const src = user.avatar ?? user.avatarUrl ?? null;
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(true)}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-emerald-100 font-semibold text-emerald-800"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {user.username.charAt(0).toUpperCase()}
    </span>
  );
}
