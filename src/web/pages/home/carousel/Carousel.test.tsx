// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';

const track = () => screen.getByTestId('carousel-track');
const shown = () => Number(track().dataset.index);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** Moves the clock step by step: [ms] just waits, [ms, slide] then checks the slide shown. */
const timeline = (steps: Array<[number, number?]>) =>
  steps.forEach(([ms, slide]) => {
    advance(ms);
    if (slide !== undefined) expect(shown()).toBe(slide);
  });
const swipe = (fromX: number, toX: number) => {
  fireEvent.pointerDown(track(), { clientX: fromX });
  fireEvent.pointerUp(track(), { clientX: toX });
};

describe('home carousel timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <MemoryRouter>
        <Carousel />
      </MemoryRouter>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('auto-advances every 6 s and wraps after the 4th slide', () => {
    expect(shown()).toBe(0);
    timeline([[5999, 0], [1, 1], [6000], [6000, 3], [6000, 0]]);
  });

  it('pauses after a manual pick and resumes the 6 s cycle 5 s later', () => {
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: /go to slide 3/i }));
    expect(shown()).toBe(2);
    // Held for 5 s, then a fresh 6 s interval: nothing moves before 11 s.
    timeline([
      [5000, 2],
      [5999, 2],
      [1, 3],
      [6000, 0],
    ]);
  });

  it('restarts the hold on every manual pick', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe(2);
    timeline([[4999, 2], [1], [5999, 2], [1, 3]]);
  });

  it('moves on a swipe over 150 px and ignores shorter drags', () => {
    swipe(400, 260);
    expect(shown()).toBe(0);
    swipe(400, 240);
    expect(shown()).toBe(1);
    swipe(100, 260);
    expect(shown()).toBe(0);
    swipe(100, 300);
    expect(shown()).toBe(3);
    // A swipe is a manual pick: held for 5 s, then 6 s.
    timeline([[5000], [5999, 3], [1, 0]]);
  });

  it('stays put while the pause button is on', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    timeline([[60_000, 0]]);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    timeline([[6000, 1]]);
  });
});
