import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens here make real HTTP round trips to the stand-in on PGlite; on a busy two-core machine one
// sign-in can take seconds, so findBy/waitFor wait up to 10 s instead of Testing Library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
