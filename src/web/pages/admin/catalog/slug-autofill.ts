import { slugify } from '../../../../shared/domain/slug.js';

/**
 * SPEC §5: the slug follows the name until the admin types a slug of their own. An existing item whose slug is not
 * what its name would give counts as hand-edited, so renaming it keeps its custom slug.
 */
export function initialSlugEdited(name: string, slug: string): boolean {
  return slug !== '' && slug !== slugify(name);
}

export function nextSlug(name: string, currentSlug: string, slugEdited: boolean): string {
  return slugEdited ? currentSlug : slugify(name);
}
