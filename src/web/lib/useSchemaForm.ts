import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked with a shared zod schema (the server's own rules and messages) when a field loses focus, and again on
 * blur after a failed submit (SPEC §5: validation on blur, not while typing).
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues,
  });
}
