import { ContentKeysSection } from './components/content-keys-section.js';
import { DomainSettingsSection } from './components/domain-settings-section.js';
import { WebhooksSection } from './components/webhooks-section.js';
import './integrations.css';

/**
 * Settings › Integrations (issue 22): the selected domain's content keys for the delivery API, its
 * webhooks with their delivery logs, and what its websites see (post addresses, public feeds).
 * A chunk of its own; its dialogs and the delivery log are further chunks, loaded when opened.
 */
export default function IntegrationsTab({ domain }: { domain: string }) {
  return (
    <div className="integrations">
      <ContentKeysSection domain={domain} />
      <WebhooksSection domain={domain} />
      <DomainSettingsSection domain={domain} />
    </div>
  );
}
