import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_HINT } from '../../../../shared/schemas/members/users';
import { TextField } from '../FormField';

type BoundField = { registration: UseFormRegisterReturn; error?: string };

/** A new password and its confirmation, as registration and the reset link ask for them, with the rule as the hint. */
export function NewPasswordFields({ password, confirm, labels }: { password: BoundField; confirm: BoundField; labels: [string, string] }) {
  return (
    <>
      <TextField label={labels[0]} type="password" {...password} autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField label={labels[1]} type="password" {...confirm} autoComplete="new-password" />
    </>
  );
}
