/** The repository root (the package root when installed): see src/shared/package-root.ts. */
import { PACKAGE_ROOT } from '../../shared/package-root.ts';

/** Absolute path of the repository root. */
export const REPO_ROOT = PACKAGE_ROOT;
