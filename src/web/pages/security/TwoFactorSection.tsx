import { useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  type TwoFactorSetup,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../../api/members/security';
import { toast } from '../../lib/toast/toast';
import { CodeField, ErrorText, PasswordField, primaryButton, RecoveryCodes, Section, secondaryButton } from './ui';

/** Two-factor sign-in with an authenticator app: set-up (QR code and key), confirm, recovery codes, turning off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [mode, setMode] = useState<'none' | 'off' | 'renew'>('none');

  return (
    <Section id="two-factor-heading" title="Two-factor authentication" intro="Ask for a code from an authenticator app after your password.">
      {status.data?.required && (
        <p role="alert" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Two-factor authentication is required for your role. Set it up to use the team's screens.
        </p>
      )}
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : status.data?.enabled ? (
        <div className="space-y-4">
          <p className="text-sm font-medium text-emerald-700" data-testid="two-factor-on">
            On. {status.data.recoveryCodesLeft} recovery codes left.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={secondaryButton} onClick={() => setMode(mode === 'renew' ? 'none' : 'renew')}>
              New recovery codes
            </button>
            <button type="button" className={secondaryButton} onClick={() => setMode(mode === 'off' ? 'none' : 'off')}>
              Turn off
            </button>
          </div>
          {mode === 'renew' && (
            <RenewCodes
              onCodes={(c) => {
                setCodes(c);
                setMode('none');
              }}
            />
          )}
          {mode === 'off' && <TurnOff onDone={() => setMode('none')} />}
        </div>
      ) : setup ? (
        <ConfirmSetup
          setup={setup}
          onCodes={(c) => {
            setCodes(c);
            setSetup(null);
          }}
          onCancel={() => setSetup(null)}
        />
      ) : (
        <button
          type="button"
          className={primaryButton}
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: (e) => toast.error(errorMessage(e, 'Could not start the set-up')) })}
        >
          Set up an authenticator app
        </button>
      )}
    </Section>
  );
}

function ConfirmSetup({ setup, onCodes, onCancel }: { setup: TwoFactorSetup; onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
      <img src={setup.qrCode} alt="QR code to scan with your authenticator app" width={180} height={180} className="rounded-lg bg-white p-1" />
      <div>
        <p className="text-sm text-slate-700">Scan the QR code with your authenticator app, or type this key:</p>
        <p data-testid="totp-secret" className="mt-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
          {setup.secret}
        </p>
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            enable.mutate(code.trim(), {
              onSuccess: (r) => {
                toast.success('Two-factor authentication is on.');
                onCodes(r.recoveryCodes);
              },
            });
          }}
        >
          <CodeField id="totp-confirm" value={code} onChange={setCode} />
          {enable.isError && <ErrorText>{errorMessage(enable.error, 'That code is not valid')}</ErrorText>}
          <div className="flex gap-2">
            <button type="submit" className={primaryButton} disabled={enable.isPending}>
              Turn on
            </button>
            <button type="button" className={secondaryButton} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function RenewCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const renew = useNewRecoveryCodes();
  const [password, setPassword] = useState('');
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        renew.mutate(password, { onSuccess: (r) => onCodes(r.recoveryCodes) });
      }}
    >
      <PasswordField id="renew-password" value={password} onChange={setPassword} />
      {renew.isError && <ErrorText>{errorMessage(renew.error, 'Could not make new codes')}</ErrorText>}
      <button type="submit" className={primaryButton} disabled={renew.isPending}>
        Make new codes
      </button>
    </form>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const off = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        off.mutate(
          { password, code: code.trim() },
          {
            onSuccess: () => {
              toast.success('Two-factor authentication is off.');
              onDone();
            },
          },
        );
      }}
    >
      <PasswordField id="off-password" value={password} onChange={setPassword} />
      <CodeField id="off-code" value={code} onChange={setCode} />
      {off.isError && <ErrorText>{errorMessage(off.error, 'Could not turn it off')}</ErrorText>}
      <button type="submit" className={primaryButton} disabled={off.isPending}>
        Turn off two-factor
      </button>
    </form>
  );
}
