import './start-up.ts';
import './intro.css';
import { showIntroduction } from './intro.ts';

// The page says what it is at once; the CMS (≈2 MB of script, preloaded by the page) starts after.
showIntroduction();
void import('./main.ts');
