/**
 * Which child a parent is acting for: chosen in the header's switcher, remembered on this device,
 * and read by every page that books, plays or learns for a learner (they pass its id as
 * `learnerId`; the server checks it is one of the caller's children). A parent who has not added
 * a child acts for themselves (active is null), as a student does.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Learner } from '@functions/households/contract';
import { useViewer } from '../auth';
import { learnersQuery } from './households-api';
import { householdKeys } from './keys';

const STORAGE_KEY = 'alp.activeLearner';
const listeners = new Set<() => void>();
/** The choice when this device keeps nothing (private mode): it lasts until the page is closed. */
let unsavedChoice: string | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function storedChoice(): string | null {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? unsavedChoice;
  } catch {
    return unsavedChoice;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface ActiveLearner {
  /** True for a signed-in parent: the only viewer who acts for a learner. */
  isParent: boolean;
  learners: Learner[];
  /** The child chosen on this device (the first child until one is chosen), or null: acting for oneself. */
  active: Learner | null;
  /** The `learnerId` to send with a request made for the active learner. */
  learnerId: string | undefined;
  choose: (learnerId: string) => void;
}

/** A stored choice that is not one of these children (another account on this device, a removed child) falls back to the first. */
export function activeOf(learners: readonly Learner[], stored: string | null): Learner | null {
  return learners.find((learner) => learner.id === stored) ?? learners[0] ?? null;
}

export function useActiveLearner(): ActiveLearner {
  const viewer = useViewer();
  const isParent = viewer.kind === 'user' && viewer.role === 'parent';
  const query = useQuery({ ...learnersQuery(), enabled: isParent });
  const stored = useSyncExternalStore(subscribe, storedChoice, () => null);
  const queryClient = useQueryClient();
  const learners = isParent ? (query.data?.learners ?? []) : [];
  const active = activeOf(learners, stored);

  const choose = useCallback((learnerId: string) => {
    unsavedChoice = learnerId;
    try {
      storage()?.setItem(STORAGE_KEY, learnerId);
    } catch {
      // Private mode: unsavedChoice holds it.
    }
    listeners.forEach((listener) => listener());
    // What pages show depends on the learner: read it again for the new one (the household's list stays).
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== householdKeys.all[0] });
  }, [queryClient]);

  return { isParent, learners, active, learnerId: active?.id, choose };
}

/** The first name of the household's learner a page is about (`?learner=`): a page names its child, since the header's picker may name another. */
export function useLearnerFirstName(learnerId: string | undefined): string | undefined {
  const { learners } = useActiveLearner();
  return learnerId ? learners.find((learner) => learner.id === learnerId)?.firstName : undefined;
}
