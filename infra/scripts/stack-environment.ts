/**
 * For operator scripts: unless `variable` (e.g. TABLE_NAME) is already set (the stack outputs of
 * a deployed stack, exported by hand), point this process at the local stack's resources, as its
 * handlers see them. Exits when no local emulator answers.
 */
import { loadSettings } from '../local/settings.js';

export async function useLocalStackUnlessSet(variable: string): Promise<void> {
  if (process.env[variable]) return;
  const settings = { ...loadSettings(), seed: false };
  const { emulatorAnswers } = await import('../local/emulators/emulator.js');
  if (!(await emulatorAnswers(settings.endpoint))) {
    console.error(`No local emulator at ${settings.endpoint}: start the product with "npm start" first.`);
    process.exit(1);
  }
  const { locateResources, handlerEnvironment } = await import('../local/emulators/provision.js');
  Object.assign(process.env, handlerEnvironment(await locateResources(settings), settings));
}
