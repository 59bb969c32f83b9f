/** Enrol in a course from its page or the student dashboard. */
import type { Course } from '@functions/courses/contract';
import { reasonOf } from '../../shared/api';
import { paymentStartError } from '../../shared/checkout';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { useLearnerScope } from '../households';
import { useEnrol, usePayForCourse } from './api';
import { coursePrice, useCoursesText } from './text';

/** Free: enrolled at once. Paid: off to the payment page, back on this page enrolled. */
export function EnrolButton({ course, size }: { course: Pick<Course, 'id' | 'price' | 'title'>; size?: 'sm' }) {
  // A parent enrols the child chosen in the header.
  const { learnerId } = useLearnerScope();
  const enrol = useEnrol(course.id, learnerId);
  const pay = usePayForCourse(course.id, learnerId);
  const toast = useToast();
  const t = useCoursesText();
  const paid = !!course.price;
  const price = coursePrice(t, course.price);
  // In a list (size sm) the short text names the course too, for screen readers.
  const text = size ? (paid ? t('enrol.listPaid', { price }) : t('enrol.listFree')) : paid ? t('enrol.paid', { price }) : t('enrol.free');
  return (
    <Button
      size={size}
      busy={enrol.isPending || pay.isPending}
      aria-label={size ? `${text}: ${course.title}` : undefined}
      onClick={() => paid
        ? pay.mutate(undefined, { onError: (error) => toast.error(paymentStartError(error)) })
        : enrol.mutate(undefined, {
          onSuccess: () => toast.success(t('enrol.done')),
          onError: (error) => toast.error(reasonOf(error)),
        })}
    >
      {text}
    </Button>
  );
}
