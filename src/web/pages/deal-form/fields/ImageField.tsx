import { ImagePlus } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useObjectUrl } from '../../../lib/useObjectUrl';
import { CloseButton } from '../../../components/dialogs/DialogParts';

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  /** What to show when no new file is chosen (the edit form's current image). */
  current?: ReactNode;
}

/** The deal image picker: click or drop, a preview, and the hint 'PNG, JPG, GIF up to 2MB'. */
export function ImageField({ file, onChange, error, current }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file?.type.startsWith('image/') ? file : null);
  const [dragging, setDragging] = useState(false);

  const clear = () => {
    onChange(null);
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-slate-700" id={`${id}-label`}>
        Image
      </span>
      <fieldset
        aria-labelledby={`${id}-label`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const dropped = e.dataTransfer.files?.[0];
          if (dropped) onChange(dropped);
        }}
        className={`flex min-w-0 flex-col items-center gap-4 rounded-xl border-2 border-dashed p-4 sm:flex-row ${
          error ? 'border-red-400 bg-red-50' : dragging ? 'border-emerald-500 bg-emerald-50' : 'border-slate-300 bg-white'
        }`}
      >
        <div className="flex h-32 w-40 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
          {preview ? (
            <img src={preview} alt="Preview of the chosen file" width={160} height={128} className="h-full w-full object-contain" />
          ) : current ? (
            current
          ) : (
            <ImagePlus className="h-10 w-10 text-slate-400" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1 text-center sm:text-left">
          <label
            htmlFor={id}
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-md bg-emerald-700 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-within:ring-2 focus-within:ring-emerald-500 focus-within:ring-offset-2"
          >
            {file || current ? 'Choose another image' : 'Upload an image'}
            <input
              ref={input}
              id={id}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(e) => onChange(e.target.files?.[0] ?? null)}
            />
          </label>
          <span className="ml-2 hidden text-sm text-slate-500 sm:inline">or drag and drop</span>
          <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
            PNG, JPG, GIF up to 2MB
          </p>
          {file && (
            <p className="mt-1 flex items-center justify-center gap-1 truncate text-sm text-slate-700 sm:justify-start">
              <span className="truncate">{file.name}</span>
              <CloseButton
                label="Remove chosen image"
                onClick={clear}
                small
                className="rounded p-0.5 text-slate-500 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
              />
            </p>
          )}
        </div>
      </fieldset>
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-600" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}
