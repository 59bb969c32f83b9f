/**
 * "What learners say": real reviews of lessons whose authors agreed to be quoted on the home page
 * (first name only; GET /api/reviews/featured). None yet, or the call failed: no section at all,
 * never invented quotes. The prerendered page has none either; it appears once the answer is in.
 * The reviews are asked for only when the place they go nears the screen: the landing page's
 * first load calls no API and loads no API client (tests/e2e/prerendered.test.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../shared/api';
import { useLandingText } from './text';

const FIVE_MINUTES = 5 * 60_000;

export function Stories() {
  const t = useLandingText();
  const near = useNearScreen();
  const featured = useQuery({
    queryKey: ['reviews', 'featured'],
    queryFn: ({ signal }) => callApi('listFeaturedReviews', { signal }),
    staleTime: FIVE_MINUTES,
    retry: false,
    enabled: near.seen,
  });
  const reviews = featured.data?.reviews ?? [];
  if (reviews.length === 0) return <div ref={near.ref} aria-hidden="true" />;
  return (
    <section className="section" aria-labelledby="stories-title">
      <div className="container">
        <h2 id="stories-title" className="section-title">
          {t('stories.title')}
        </h2>
        <p className="section-lead stories-lead">{t('stories.lead')}</p>
        <ul className="grid grid-3" role="list">
          {reviews.map((review) => (
            <li key={review.id} className="card testimonial">
              <figure>
                <p className="stars" role="img" aria-label={t('stories.stars', { rating: review.rating })}>
                  {'★'.repeat(review.rating)}
                </p>
                <blockquote>
                  <p>“{review.comment}”</p>
                </blockquote>
                <figcaption>
                  <span className="avatar" aria-hidden="true">
                    {Array.from(review.firstName)[0]?.toUpperCase()}
                  </span>
                  <span>
                    <strong>{review.firstName}</strong>
                    <span className="muted">{t('stories.lesson', { subject: review.subject })}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Whether the element has come within a screen of the viewport (once seen, stays true). */
function useNearScreen() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}
