// Modules most pages use, imported here (by page-context, which every page
// and the layout import) so that esbuild puts them in the one chunk every
// page shares instead of a small chunk each: per-chunk overhead cost about
// 5 KB gzip of brand home's first-visit JavaScript.
import './api';
import './format';
import '../ui/images';
import './links';
import './navigation';
import './query';
import './session';
import './ui-state';
import '../features/members/member-menu';
import '../strings/zh-hant';
import './json-ld';
import './page-head';
