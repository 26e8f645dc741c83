/** Test data for the admin API tests. */
import { DEAL_IMAGE, storeImage } from '../../services/images.js';
import type { Harness } from '../../test/harness.js';
import { pngBytes } from '../../test/data/uploads.js';

/** A real stored deal upload (image + thumbnail) under the harness's uploads folder. */
export async function storedDealImage(h: Harness) {
  return storeImage(await pngBytes(), h.config.uploadsDir, 'deals', DEAL_IMAGE);
}
