/** Enrol in a course from its page or the student dashboard. */
import { useNavigate } from 'react-router-dom';
import type { Course } from '@functions/courses/contract';
import { reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { useLearnerScope } from '../households';
import { useEnrol } from './api';
import { coursePrice, useCoursesText } from './text';

/** Opens the course page's checkout when it is reached from a list's paid Enrol. */
export interface CourseCheckoutState { checkout: true }

/**
 * Free: enrolled at once. Paid: the checkout (CourseCheckout) opens on the course's page
 * (`onCheckout` there; from a list, the page is opened with it).
 */
export function EnrolButton({ course, size, onCheckout }: { course: Pick<Course, 'id' | 'price' | 'title'>; size?: 'sm'; onCheckout?: () => void }) {
  // A parent enrols the child chosen in the header.
  const { learnerId } = useLearnerScope();
  const enrol = useEnrol(course.id, learnerId);
  const navigate = useNavigate();
  const toast = useToast();
  const t = useCoursesText();
  const paid = !!course.price;
  const price = coursePrice(t, course.price);
  // In a list (size sm) the short text names the course too, for screen readers.
  const text = size ? (paid ? t('enrol.listPaid', { price }) : t('enrol.listFree')) : paid ? t('enrol.paid', { price }) : t('enrol.free');
  return (
    <Button
      size={size}
      busy={enrol.isPending}
      aria-label={size ? `${text}: ${course.title}` : undefined}
      onClick={() => paid
        ? (onCheckout ? onCheckout() : void navigate(paths.course(course.id), { state: { checkout: true } satisfies CourseCheckoutState }))
        : enrol.mutate(undefined, {
          onSuccess: () => toast.success(t('enrol.done')),
          onError: (error) => toast.error(reasonOf(error)),
        })}
    >
      {text}
    </Button>
  );
}
