// Placeholder until the site's prerender lands: copies the built site page to the 404 page.
import { copyFileSync } from 'node:fs';

copyFileSync('dist/index.html', 'dist/404.html');
