import { AlertTriangle, ImageOff, Download } from 'lucide-react';
import { useState } from 'react';
import { btnSecondary } from '../components/buttons';
import { imageKind } from './image-kind';

interface Props {
  imageUrl: string;
  title: string;
  localizing: boolean;
  onLocalize: () => void;
}

function Placeholder({ label }: { label: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="image-placeholder"
      className="flex aspect-square w-full items-center justify-center rounded-lg bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400"
    >
      <ImageOff className="h-12 w-12" aria-hidden="true" />
    </div>
  );
}

/** SPEC §2 image preview: an external image is never shown here, only a warning, a placeholder and Localize Image. */
export function ImagePanel({ imageUrl, title, localizing, onLocalize }: Props) {
  const kind = imageKind(imageUrl);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-xs lg:max-w-none">
      {kind === 'external' ? (
        <div className="space-y-3">
          <div role="alert" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <p>External image detected. Please localize this image before using its.</p>
          </div>
          <Placeholder label="External image not shown" />
          <button type="button" onClick={onLocalize} disabled={localizing} className={`${btnSecondary} w-full`}>
            {localizing ? (
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
            ) : (
              <Download className="h-4 w-4" aria-hidden="true" />
            )}
            {localizing ? 'Localizing...' : 'Localize Image'}
          </button>
        </div>
      ) : kind === 'local' && failed !== imageUrl ? (
        <img
          src={imageUrl}
          alt={title || 'Deal image'}
          width={320}
          height={320}
          onError={() => setFailed(imageUrl)}
          className="aspect-square w-full rounded-lg border border-slate-200 bg-white object-contain"
          data-testid="image-preview"
        />
      ) : (
        <Placeholder label="No image" />
      )}
    </div>
  );
}
