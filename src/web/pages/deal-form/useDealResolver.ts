import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { dealFormSchema } from '../../../shared/schemas/deals/deals';
import type { DealFormValues } from './payload';

export type DealFormInput = z.input<typeof dealFormSchema>;

/**
 * The shared schema, except that an expiry already stored and left unchanged stays valid even once past, as the server
 * allows on edit.
 */
export function useDealResolver(keptExpiryLocal?: string): Resolver<DealFormInput, unknown, DealFormValues> {
  return useMemo(() => {
    const base = zodResolver(dealFormSchema) as unknown as Resolver<DealFormInput, unknown, DealFormValues>;
    return async (values, ctx, opts) => {
      if (keptExpiryLocal && values.hasExpiry && values.expiresAt === keptExpiryLocal) {
        // The stored expiry is unchanged: validate everything else, then put it back.
        const rest = await base({ ...values, hasExpiry: false }, ctx, opts);
        if (Object.keys(rest.errors).length) return rest;
        return { values: { ...(rest.values as DealFormValues), hasExpiry: true, expiresAt: values.expiresAt }, errors: {} };
      }
      return base(values, ctx, opts);
    };
  }, [keptExpiryLocal]);
}
