import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import type { Deal } from '../../../../shared/api';
import { ADMIN_EDIT_STATUSES, adminDealEditSchema } from '../../../../shared/schemas/deals';
import {
  deleteAdminDeal,
  generateDescriptionText,
  generateTitleText,
  localizeDealImage,
  updateAdminDeal,
  useAdminCategories,
  useAdminDeal,
  useAdminStores,
  useInvalidateDeals,
} from '../../../api/admin';
import { ApiError, errorMessage } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isHttpUrl } from '../../../../shared/schemas/common';
import { toast } from '../../../lib/toast';
import { FieldError } from '../components/FieldError';
import { PageHeader } from '../components/PageHeader';
import { btnAi, btnDangerOutline, btnPrimary, btnSecondary, inputClass, labelClass } from '../components/buttons';
import { cleanDescriptionReply, cleanTitleReply, descriptionPrompt, titlePrompt } from './ai-reply';
import { imageKind } from './image-kind';
import { ImagePanel } from './ImagePanel';
import { promoteUrl } from './promote-on-x';

/** Sources that mean a person posted the deal rather than a scraper. */
const MEMBER_SOURCES = ['user', 'admin', 'member', 'manual'];

type FormIn = z.input<typeof adminDealEditSchema>;
type FormOut = z.output<typeof adminDealEditSchema>;

/** SPEC §5: a loaded deal without numeric store and category ids is treated as invalid. */
export function isEditableDeal(deal: Deal | null | undefined): deal is Deal {
  if (!deal || typeof deal !== 'object') return false;
  const storeId = Number(deal.store?.id ?? deal.storeId);
  const categoryId = Number(deal.category?.id ?? deal.categoryId);
  return Number.isInteger(storeId) && storeId > 0 && Number.isInteger(categoryId) && categoryId > 0;
}

const toForm = (deal: Deal): FormIn => ({
  title: deal.title ?? '',
  description: deal.description ?? '',
  price: deal.price ?? '',
  originalPrice: deal.originalPrice ?? '',
  url: deal.url ?? deal.dealUrl ?? '',
  coupon: deal.coupon ?? '',
  imageUrl: deal.imageUrl ?? '',
  status: (ADMIN_EDIT_STATUSES as readonly string[]).includes(deal.status) ? (deal.status as FormIn['status']) : 'pending',
  storeId: String(deal.store?.id ?? deal.storeId),
  categoryId: String(deal.category?.id ?? deal.categoryId),
});

export default function AdminEditDealPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const navigate = useNavigate();
  const deal = useAdminDeal(id);
  const { data: categories = [] } = useAdminCategories();
  const { data: stores = [] } = useAdminStores();
  const invalidateDeals = useInvalidateDeals();

  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(adminDealEditSchema), mode: 'onBlur', reValidateMode: 'onBlur' });
  const { register, handleSubmit, reset, setValue, getValues, watch, setError, formState } = form;
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [aiTitleBusy, setAiTitleBusy] = useState(false);
  const [aiDescBusy, setAiDescBusy] = useState(false);
  const [localizing, setLocalizing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const invalidId = !Number.isInteger(id) || id <= 0;
  const failed = invalidId || deal.isError || (deal.isSuccess && !isEditableDeal(deal.data));
  useEffect(() => {
    if (!failed) return;
    toast.error('Failed to fetch deal data');
    navigate('/admin/deals', { replace: true });
  }, [failed, navigate]);

  useEffect(() => {
    if (deal.data && isEditableDeal(deal.data) && !loaded) {
      reset(toForm(deal.data));
      setLoaded(true);
    }
  }, [deal.data, loaded, reset]);

  if (!loaded || failed) {
    return (
      <div>
        <PageHeader title="Edit Deal" />
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-10 text-center text-sm text-slate-500">
          Loading...
        </p>
      </div>
    );
  }

  const values = watch();
  const description = String(values.description ?? '');
  const url = String(values.url ?? '');
  const imageUrl = String(values.imageUrl ?? '');
  const storeName = stores.find((s) => String(s.id) === String(values.storeId))?.name ?? deal.data?.store?.name ?? null;
  const canPromote = values.status === 'active' && imageKind(imageUrl) === 'local';
  const { errors } = formState;

  const improveTitle = async () => {
    const title = String(getValues('title') ?? '').trim();
    if (!title) {
      toast.error('Please enter a title first');
      return;
    }
    setAiTitleBusy(true);
    try {
      const cleaned = cleanTitleReply(await generateTitleText(titlePrompt(title)));
      if (!cleaned) {
        toast.error('Failed to improve title');
        return;
      }
      setValue('title', cleaned, { shouldDirty: true, shouldValidate: true });
      toast.success('Title improved successfully');
    } catch (err) {
      console.error('Improve title failed', err);
      toast.error(errorMessage(err, 'Failed to improve title with AI'));
    } finally {
      setAiTitleBusy(false);
    }
  };

  const grabDescription = async () => {
    const link = String(getValues('url') ?? '').trim();
    if (!link || !isHttpUrl(link)) {
      toast.error('Please enter a product URL first');
      return;
    }
    setAiDescBusy(true);
    try {
      const cleaned = cleanDescriptionReply(await generateDescriptionText(descriptionPrompt(link), String(getValues('title') ?? '')));
      if (!cleaned) {
        toast.error('Failed to generate description');
        return;
      }
      setValue('description', cleaned, { shouldDirty: true, shouldValidate: true });
      toast.success('Description generated successfully');
    } catch (err) {
      console.error('Generate description failed', err);
      toast.error(errorMessage(err, 'Failed to generate description with AI'));
    } finally {
      setAiDescBusy(false);
    }
  };

  const localize = async () => {
    setLocalizing(true);
    try {
      const data = await localizeDealImage(imageUrl.trim(), id);
      if (!data?.imageUrl) throw new Error('No image URL returned');
      setValue('imageUrl', data.imageUrl, { shouldDirty: true, shouldValidate: true });
      toast.success('Image localized successfully');
      invalidateDeals();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to localize image'));
    } finally {
      setLocalizing(false);
    }
  };

  const save = async (v: FormOut) => {
    setSaving(true);
    try {
      await updateAdminDeal(id, {
        title: v.title,
        description: v.description ?? '',
        price: v.price,
        originalPrice: v.originalPrice ?? null,
        url: v.url,
        coupon: v.coupon?.trim() ? v.coupon.trim() : null,
        imageUrl: v.imageUrl,
        status: v.status,
        storeId: v.storeId,
        categoryId: v.categoryId,
      });
      invalidateDeals();
      toast.success('Deal updated successfully');
      navigate('/admin/deals');
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      if (field && field in getValues()) setError(field as FieldPath<FormIn>, { message: err instanceof Error ? err.message : undefined });
      toast.error(errorMessage(err, 'Failed to update deal'));
      setSaving(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteAdminDeal(id);
      invalidateDeals();
      toast.success('Deal deleted successfully');
      navigate('/admin/deals');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete deal'));
      setDeleting(false);
    }
  };

  const field = (name: keyof FormIn) => ({
    id: `deal-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `deal-${name}-error` : undefined,
  });

  return (
    <div>
      <PageHeader
        title="Edit Deal"
        subtitle={
          <>
            Deal #{id}
            {deal.data?.userUsername ? ` posted by ${deal.data.userUsername}` : ''}
            {deal.data?.source && !MEMBER_SOURCES.includes(deal.data.source) ? ` · imported by the ${deal.data.source} scraper` : ''}
          </>
        }
        actions={
          <Link to={`/dealDetail/${id}`} className={btnSecondary} target="_blank" rel="noopener noreferrer">
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            View on site
          </Link>
        }
      />
      <form onSubmit={handleSubmit(save)} noValidate className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
          <div>
            <div className="flex items-end justify-between gap-2">
              <label htmlFor="deal-title" className={labelClass}>
                Title
              </label>
              <button type="button" onClick={improveTitle} disabled={aiTitleBusy} className={`${btnAi} px-3 py-1.5 text-xs`}>
                <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
                {aiTitleBusy ? 'Improving...' : 'Improve Title'}
              </button>
            </div>
            <input {...register('title')} {...field('title')} className={`${inputClass} mt-1`} />
            <FieldError id="deal-title-error" message={errors.title?.message} />
          </div>

          <div>
            <div className="flex items-end justify-between gap-2">
              <label htmlFor="deal-description" className={labelClass}>
                Description
              </label>
              {!description.trim() && url.trim() && (
                <button type="button" onClick={grabDescription} disabled={aiDescBusy} className={`${btnAi} px-3 py-1.5 text-xs`}>
                  <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
                  {aiDescBusy ? 'Grabbing...' : 'Grab a Description'}
                </button>
              )}
            </div>
            <textarea {...register('description')} {...field('description')} rows={6} className={`${inputClass} mt-1`} />
            <FieldError id="deal-description-error" message={errors.description?.message} />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="deal-price" className={labelClass}>
                Price (£)
              </label>
              <input type="number" step="0.01" min="0" inputMode="decimal" {...register('price')} {...field('price')} className={`${inputClass} mt-1`} />
              <FieldError id="deal-price-error" message={errors.price?.message} />
            </div>
            <div>
              <label htmlFor="deal-originalPrice" className={labelClass}>
                Original Price (£)
              </label>
              <input type="number" step="0.01" min="0" inputMode="decimal" {...register('originalPrice')} {...field('originalPrice')} className={`${inputClass} mt-1`} />
              <FieldError id="deal-originalPrice-error" message={errors.originalPrice?.message} />
            </div>
          </div>

          <div>
            <label htmlFor="deal-url" className={labelClass}>
              URL
            </label>
            <input type="url" inputMode="url" {...register('url')} {...field('url')} className={`${inputClass} mt-1`} />
            <FieldError id="deal-url-error" message={errors.url?.message} />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="deal-coupon" className={labelClass}>
                Coupon Code <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <input {...register('coupon')} {...field('coupon')} maxLength={50} className={`${inputClass} mt-1 font-mono`} />
              <FieldError id="deal-coupon-error" message={errors.coupon?.message} />
            </div>
            <div>
              <label htmlFor="deal-status" className={labelClass}>
                Status
              </label>
              <select {...register('status')} {...field('status')} className={`${inputClass} mt-1`}>
                {ADMIN_EDIT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s.charAt(0).toUpperCase() + s.slice(1)}
                  </option>
                ))}
              </select>
              <FieldError id="deal-status-error" message={errors.status?.message} />
            </div>
          </div>

          <div>
            <label htmlFor="deal-imageUrl" className={labelClass}>
              Image URL
            </label>
            <input {...register('imageUrl')} {...field('imageUrl')} className={`${inputClass} mt-1 font-mono text-xs`} />
            <FieldError id="deal-imageUrl-error" message={errors.imageUrl?.message} />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="deal-storeId" className={labelClass}>
                Store
              </label>
              <select {...register('storeId')} {...field('storeId')} className={`${inputClass} mt-1`}>
                <option value="">Select a store</option>
                {withCurrent(stores, deal.data?.store).map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name}
                  </option>
                ))}
              </select>
              <FieldError id="deal-storeId-error" message={errors.storeId?.message} />
            </div>
            <div>
              <label htmlFor="deal-categoryId" className={labelClass}>
                Category
              </label>
              <select {...register('categoryId')} {...field('categoryId')} className={`${inputClass} mt-1`}>
                <option value="">Select a category</option>
                {withCurrent(categories, deal.data?.category).map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </select>
              <FieldError id="deal-categoryId-error" message={errors.categoryId?.message} />
            </div>
          </div>
        </div>

        <aside className="space-y-4">
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="image-heading">
            <h2 id="image-heading" className="mb-3 text-sm font-semibold text-slate-900">
              Image
            </h2>
            <ImagePanel imageUrl={imageUrl} title={String(values.title ?? '')} localizing={localizing} onLocalize={localize} />
          </section>
          <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Deal actions">
            {canPromote && (
              <a
                href={promoteUrl({
                  id,
                  title: String(values.title ?? ''),
                  storeName,
                  price: numberOrNull(values.price),
                  originalPrice: numberOrNull(values.originalPrice),
                  origin: window.location.origin,
                })}
                target="_blank"
                rel="noopener noreferrer"
                className={`${btnSecondary} w-full`}
              >
                <XLogo />
                Promote on X
              </a>
            )}
            <button type="button" onClick={() => setConfirmDelete(true)} className={`${btnDangerOutline} w-full`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete Deal
            </button>
          </section>
        </aside>

        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end lg:col-span-3">
          <Link to="/admin/deals" className={btnSecondary}>
            Cancel
          </Link>
          <button type="submit" disabled={saving} className={btnPrimary}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete Deal"
        message="Are you sure you want to delete this deal? This action cannot be undone."
        busy={deleting}
        busyLabel="Deleting..."
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      >
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">This will remove all associated data including images and backup records.</p>
      </ConfirmDialog>
    </div>
  );
}

function numberOrNull(v: unknown): number | null {
  if (v === '' || v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** The deal's own store or category stays selectable even if the list has not loaded it. */
function withCurrent<T extends { id: number; name: string }>(list: T[], current: { id: number; name: string } | undefined): Array<{ id: number; name: string }> {
  if (!current || list.some((x) => x.id === current.id)) return list;
  return [current, ...list];
}

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="currentColor">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}
