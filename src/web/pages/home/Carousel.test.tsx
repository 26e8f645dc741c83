// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';

const track = () => screen.getByTestId('carousel-track');
const shown = () => Number(track().dataset.index);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

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
    advance(5999);
    expect(shown()).toBe(0);
    advance(1);
    expect(shown()).toBe(1);
    advance(6000);
    advance(6000);
    expect(shown()).toBe(3);
    advance(6000);
    expect(shown()).toBe(0);
  });

  it('pauses after a manual pick and resumes the 6 s cycle 5 s later', () => {
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: /go to slide 3/i }));
    expect(shown()).toBe(2);
    // Held for 5 s, then a fresh 6 s interval: nothing moves before 11 s.
    advance(5000);
    expect(shown()).toBe(2);
    advance(5999);
    expect(shown()).toBe(2);
    advance(1);
    expect(shown()).toBe(3);
    advance(6000);
    expect(shown()).toBe(0);
  });

  it('restarts the hold on every manual pick', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shown()).toBe(2);
    advance(4999);
    expect(shown()).toBe(2);
    advance(1);
    advance(5999);
    expect(shown()).toBe(2);
    advance(1);
    expect(shown()).toBe(3);
  });

  it('moves on a swipe over 150 px and ignores shorter drags', () => {
    fireEvent.pointerDown(track(), { clientX: 400 });
    fireEvent.pointerUp(track(), { clientX: 260 });
    expect(shown()).toBe(0);
    fireEvent.pointerDown(track(), { clientX: 400 });
    fireEvent.pointerUp(track(), { clientX: 240 });
    expect(shown()).toBe(1);
    fireEvent.pointerDown(track(), { clientX: 100 });
    fireEvent.pointerUp(track(), { clientX: 260 });
    expect(shown()).toBe(0);
    fireEvent.pointerDown(track(), { clientX: 100 });
    fireEvent.pointerUp(track(), { clientX: 300 });
    expect(shown()).toBe(3);
    // A swipe is a manual pick: held for 5 s, then 6 s.
    advance(5000);
    advance(5999);
    expect(shown()).toBe(3);
    advance(1);
    expect(shown()).toBe(0);
  });

  it('stays put while the pause button is on', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(60_000);
    expect(shown()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(6000);
    expect(shown()).toBe(1);
  });
});
