import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './AuthContext';

/**
 * Signs the member out and takes them home. The router moves in a transition: signing out inside the same one keeps a
 * signed-in-only page (the profile) from drawing once more, signed out, and sending them to the sign-in page instead.
 */
export function useSignOutHome(): (opts?: { replace?: boolean }) => void {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (opts) => {
    navigate('/', { replace: opts?.replace ?? false });
    startTransition(() => logout());
  };
}
