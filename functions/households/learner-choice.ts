/**
 * Routes that act for a learner take this (in the body, or the query of a GET): a parent names
 * which child the request is for; without it the caller acts for themselves.
 * functions/households/acting-learner.ts resolves it inside the caller's household. A module of
 * its own: every domain's contract takes it, and none should bundle the households contract.
 */
import * as z from 'zod';
import { BoundedId } from '../../events/shared/ids.js';

export const LearnerChoice = z.object({ learnerId: BoundedId.optional() });
