import { useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/useSchemaForm';
import { bindField } from './FormField';

/**
 * An account form (register, forgot and reset password): the schema's form, validated on blur; its fields bound for
 * TextField; and the failure the page shows above the form when the server refuses it.
 */
export function useAccountForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const form = useSchemaForm(schema, defaultValues);
  const [failure, setFailure] = useState<string | null>(null);
  return { form, field: bindField(form.register, form.formState.errors), failure, setFailure };
}
