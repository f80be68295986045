/**
 * Entry of the demo app: Ionic's CSS and the few Ionic components the page uses (bundled from
 * `@ionic/core`, never from a CDN), then the app itself.
 */
import '@ionic/core/css/core.css';
import '@ionic/core/css/normalize.css';
import '@ionic/core/css/structure.css';
import '@ionic/core/css/typography.css';
import '@ionic/core/css/padding.css';
import '@ionic/core/css/palettes/dark.system.css';
import './styles.css';
import { initialize } from '@ionic/core/components';
import { defineCustomElement as defineApp } from '@ionic/core/components/ion-app.js';
import { defineCustomElement as defineBadge } from '@ionic/core/components/ion-badge.js';
import { defineCustomElement as defineButton } from '@ionic/core/components/ion-button.js';
import { defineCustomElement as defineContent } from '@ionic/core/components/ion-content.js';
import { defineCustomElement as defineHeader } from '@ionic/core/components/ion-header.js';
import { defineCustomElement as defineInput } from '@ionic/core/components/ion-input.js';
import { defineCustomElement as defineItem } from '@ionic/core/components/ion-item.js';
import { defineCustomElement as defineLabel } from '@ionic/core/components/ion-label.js';
import { defineCustomElement as defineList } from '@ionic/core/components/ion-list.js';
import { defineCustomElement as defineListHeader } from '@ionic/core/components/ion-list-header.js';
import { defineCustomElement as defineNote } from '@ionic/core/components/ion-note.js';
import { defineCustomElement as defineTitle } from '@ionic/core/components/ion-title.js';
import { defineCustomElement as defineToolbar } from '@ionic/core/components/ion-toolbar.js';
import { startApp } from './app.js';

initialize();
for (const define of [
  defineApp,
  defineBadge,
  defineButton,
  defineContent,
  defineHeader,
  defineInput,
  defineItem,
  defineLabel,
  defineList,
  defineListHeader,
  defineNote,
  defineTitle,
  defineToolbar,
]) {
  define();
}

void startApp();
