import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isHttpUrl } from '../../../shared/schemas/common';
import { ApiError } from '../../api/client';
import { useDuplicateCheck } from '../../api/deals/products';
import { useStores } from '../../api/catalog';
import { SubmitButton } from '../auth/FormField';
import { DealFormFields } from './fields/DealFormFields';
import { DuplicateRefusal, DuplicateWarning } from './fields/DuplicateWarning';
import { ExpiryField } from './fields/ExpiryField';
import { ImageField } from './fields/ImageField';
import { dealImageProblem } from './fields/image-check';
import { NewShopField } from './fields/NewShopField';
import { PrefillNotice } from './fields/PrefillNotice';
import { useLinkPrefill } from './fields/useLinkPrefill';
import { type DealFormValues, SERVER_FIELD, toLocalInput } from './payload';
import { EMPTY, type LinkImage } from './form-defaults';
import { type DealFormInput, useDealResolver } from './useDealResolver';

export type { LinkImage } from './form-defaults';

export interface DealFormProps {
  initial?: Partial<DealFormInput>;
  /** The edit form may keep the current image; the create form needs one. */
  imageRequired: boolean;
  currentImage?: ReactNode;
  /** An expiry already stored (edit): unchanged, it stays valid even if past, as the server allows. */
  keptExpiryLocal?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /**
   * Throws an ApiError naming a field to have the message shown next to that field. `fromLink` is the picture read
   * from the pasted link's page (already the member's upload), used when no file was chosen.
   */
  onSubmit: (values: DealFormValues, image: File | null, fromLink: LinkImage | null) => Promise<void>;
  /** Post a deal: a pasted link fills the form, and a shop we do not know may be named. */
  fromLink?: boolean;
  footer?: ReactNode;
  /** The deal being edited: it is not a duplicate of itself. */
  excludeId?: number;
}

/** The deal form of SPEC §5, shared by Post a deal and the owner's edit: validated on blur with the shared schema. */
export function DealForm({
  initial,
  imageRequired,
  currentImage,
  keptExpiryLocal,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  footer,
  excludeId,
  fromLink,
}: DealFormProps) {
  const [image, setImage] = useState<File | null>(null);
  const [linkImage, setLinkImage] = useState<LinkImage | null>(null);
  // The URL last left by the member, when it is a web address: checked for recent deals of the same product.
  const [checkedUrl, setCheckedUrl] = useState('');
  const duplicates = useDuplicateCheck(checkedUrl, excludeId);
  const [refusal, setRefusal] = useState<{ message: string; existingDealId: number } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<DealFormInput, unknown, DealFormValues>({
    resolver: useDealResolver(keptExpiryLocal),
    mode: 'onBlur',
    // After a submit, each message clears as soon as its field is valid (a choice in a select, a key in a field).
    reValidateMode: 'onChange',
    defaultValues: { ...EMPTY, ...initial },
  });
  const { register, handleSubmit, setValue, clearErrors, setError, watch, formState } = form;
  const needsImage = imageRequired && !linkImage;
  // A shop just named is chosen once the store list holds it (the select can only show an option it has).
  const stores = useStores();
  const [namedShop, setNamedShop] = useState<number | null>(null);
  useEffect(() => {
    if (namedShop === null || !stores.data?.some((s) => s.id === namedShop)) return;
    setValue('storeId', namedShop, { shouldDirty: true, shouldValidate: true });
    setNamedShop(null);
  }, [namedShop, stores.data, setValue]);
  const link = useLinkPrefill(form, (picture) => {
    setLinkImage(picture);
    setImageError(null);
  });

  const chooseImage = (file: File | null) => {
    setImage(file);
    setImageError(file ? dealImageProblem(file, needsImage) : null);
  };

  const toggleExpiry = (on: boolean) => {
    setValue('hasExpiry', on);
    if (!on) {
      setValue('expiresAt', '');
      clearErrors('expiresAt');
    }
  };

  const checkImage = () => {
    const problem = dealImageProblem(image, needsImage);
    setImageError(problem);
    return problem === null;
  };

  const submit = handleSubmit(
    async (values) => {
      if (!checkImage()) return;
      setRefusal(null);
      try {
        await onSubmit(values, image, linkImage);
      } catch (err) {
        // 409: the product has a live deal already; say so with a link to it (docs/notes/products.md).
        const existingDealId = err instanceof ApiError && err.status === 409 ? err.body?.data?.existingDealId : undefined;
        if (typeof existingDealId === 'number') setRefusal({ message: (err as ApiError).message, existingDealId });
        // The page has toasted the failure; a refusal that names a field is shown next to it too.
        if (!(err instanceof ApiError) || !err.field) return;
        if (err.field === 'image' || err.field === 'image_url') setImageError(err.message);
        const field = SERVER_FIELD[err.field];
        if (field) setError(field, { message: err.message });
      }
    },
    () => checkImage(),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <DealFormFields
        form={form}
        onUrlBlur={(value) => {
          setCheckedUrl(isHttpUrl(value.trim()) ? value.trim() : '');
          if (fromLink) link.read(value);
        }}
        onUrlPaste={fromLink ? (value) => link.read(value) : undefined}
        urlNotice={
          <>
            {fromLink && <PrefillNotice state={link.state} />}
            <DuplicateWarning result={checkedUrl ? duplicates.data : undefined} />
          </>
        }
        storeNotice={fromLink && <NewShopField url={watch('dealUrl') ?? ''} suggestion={link.state?.newShop?.name} onShop={(shop) => setNamedShop(shop.id)} />}
      />
      <ExpiryField
        enabled={!!watch('hasExpiry')}
        onToggle={toggleExpiry}
        registration={register('expiresAt')}
        error={formState.errors.expiresAt?.message}
        min={toLocalInput(new Date().toISOString())}
      />
      <ImageField
        file={image}
        onChange={chooseImage}
        error={imageError}
        current={
          linkImage ? (
            <img
              src={linkImage.thumbnailUrl ?? linkImage.imageUrl}
              alt="From the product page"
              width={160}
              height={128}
              className="h-full w-full object-contain"
            />
          ) : (
            currentImage
          )
        }
      />
      {refusal && <DuplicateRefusal {...refusal} />}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div>{footer}</div>
        {/* Also held between the steps of a submission (upload done, save not yet started). */}
        <SubmitButton busy={busy || formState.isSubmitting} busyLabel={busyLabel} layout="inline-flex px-6">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
