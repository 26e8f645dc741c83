import { describe, expect, it } from 'vitest';
import { activationTasks, taskWarnings } from './activation-tasks';

describe('activation tasks', () => {
  it('asks for a description only when there is none and localizing only for external images', () => {
    expect(activationTasks({ description: 'Mine', imageUrl: '/uploads/deals/a.webp' })).toEqual({
      improveTitle: true,
      generateDescription: false,
      localizeImage: false,
    });
    expect(activationTasks({ description: '  ', imageUrl: 'https://cdn.example/a.jpg' })).toEqual({
      improveTitle: true,
      generateDescription: true,
      localizeImage: true,
    });
  });

  it('turns failed tasks into warnings', () => {
    expect(
      taskWarnings(3, { activated: true, tasks: { improveTitle: { ok: true }, localizeImage: { ok: false, error: 'That URL did not return an image' } } }),
    ).toEqual(['Deal #3 activated, but localize image failed: That URL did not return an image.']);
    expect(taskWarnings(3, undefined)).toEqual([]);
  });
});
