import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { Link } from '../../../components/Link';
import { LazyCategoryIcon } from '../../../components/icons/LazyCategoryIcon';
import { CAROUSEL_SLIDE_COUNT } from '../../../lib/constants';
import { SLIDES } from './slides';
import { useCarousel } from './useCarousel';

const slides = SLIDES.slice(0, CAROUSEL_SLIDE_COUNT);
const iconClass = 'pointer-events-none absolute -right-4 top-1/2 h-36 w-36 -translate-y-1/2 text-white/10 sm:right-10 sm:h-44 sm:w-44';

export function Carousel() {
  const c = useCarousel(slides.length);
  const ctrl = 'rounded-full bg-white/15 p-2 text-white backdrop-blur hover:bg-white/25 focus:outline-none focus-visible:ring-2 focus-visible:ring-white';
  return (
    <section aria-roledescription="carousel" aria-label="Featured deals" className="relative overflow-hidden rounded-2xl shadow-sm">
      <div
        {...c.swipe}
        className="flex touch-pan-y select-none transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `translateX(-${c.index * 100}%)` }}
        data-testid="carousel-track"
        data-index={c.index}
      >
        {slides.map((s, i) => {
          const Icon = s.icon;
          const current = i === c.index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group described as "slide"; a <fieldset> is for form controls.
            <div
              key={s.href}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!current}
              inert={!current}
              className={`relative flex min-h-[11rem] w-full shrink-0 items-center bg-gradient-to-br px-5 pb-12 pt-5 sm:min-h-[10rem] sm:px-10 sm:py-6 ${s.background}`}
            >
              {Icon ? <Icon className={iconClass} aria-hidden="true" /> : <LazyCategoryIcon name={s.category} className={iconClass} />}
              <div className="relative max-w-xl">
                <h2 className="text-xl font-extrabold tracking-tight text-white sm:text-3xl">{s.title}</h2>
                <p className="mt-1.5 text-sm text-white/90 sm:text-base">{s.text}</p>
                <div className="mt-4 flex flex-wrap gap-2 sm:gap-3">
                  <Link
                    to={s.href}
                    draggable={false}
                    className="rounded-lg bg-white px-4 py-2 text-sm font-bold text-slate-900 shadow hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900"
                  >
                    {s.cta}
                  </Link>
                  <Link
                    to="/dealsBrowse"
                    draggable={false}
                    className="rounded-lg px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/60 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
                  >
                    Browse all deals
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <div className="absolute bottom-2 left-0 right-0 flex items-center justify-center gap-1 sm:left-auto sm:right-4 sm:justify-end">
        <button type="button" onClick={c.prev} aria-label="Previous slide" className={ctrl}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </button>
        {slides.map((s, i) => (
          <button
            key={s.href}
            type="button"
            onClick={() => c.pick(i)}
            aria-label={`Go to slide ${i + 1}: ${s.title}`}
            aria-current={i === c.index ? 'true' : undefined}
            className="group p-1.5 focus:outline-none focus-visible:rounded-full focus-visible:ring-2 focus-visible:ring-white"
          >
            <span className={`block h-2 rounded-full transition-all ${i === c.index ? 'w-6 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80'}`} />
          </button>
        ))}
        <button type="button" onClick={c.next} aria-label="Next slide" className={ctrl}>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
        <button type="button" onClick={c.toggleStopped} aria-label={c.stopped ? 'Play slideshow' : 'Pause slideshow'} className={ctrl}>
          {c.stopped ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
        </button>
      </div>
    </section>
  );
}
