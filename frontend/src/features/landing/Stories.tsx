/**
 * "What learners say": real reviews of lessons whose authors agreed to be quoted on the home page
 * (first name only; GET /api/reviews/featured). None yet, or the call failed: no section at all,
 * never invented quotes. The prerendered page has none either; it appears once the answer is in.
 */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { useLandingText } from './text';

const FIVE_MINUTES = 5 * 60_000;

export function Stories() {
  const t = useLandingText();
  const featured = useQuery({
    queryKey: ['reviews', 'featured'],
    queryFn: ({ signal }) => callApi('listFeaturedReviews', { signal }),
    staleTime: FIVE_MINUTES,
    retry: false,
  });
  const reviews = featured.data?.reviews ?? [];
  if (reviews.length === 0) return null;
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
