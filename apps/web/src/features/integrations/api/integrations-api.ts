import type {
  ContentKeyInput,
  ContentKeyList,
  DomainSettings,
  NewContentKey,
  NewWebhook,
  PagedResponse,
  Webhook,
  WebhookDelivery,
  WebhookInput,
  WebhookList,
} from '@masthead/contract';
import { api } from '../../../lib/api.js';
import { endpointsWithInlineErrors } from '../../../lib/inline-errors.js';

const KEYS = 'ContentKey';
const WEBHOOKS = 'Webhook';
const DELIVERIES = 'WebhookDelivery';
const SETTINGS = 'DomainSettings';

interface DomainArgs {
  domain: string;
}
interface WebhookArgs extends DomainArgs {
  id: string;
}
export interface DeliveryPageArgs extends WebhookArgs {
  page: number;
  numberOfEntries: number;
}

const webhookUrl = (id: string) => `/cms/webhooks/${encodeURIComponent(id)}`;

/**
 * The Integrations tab's calls (issue 22), injected from its own chunk: content keys
 * (/cms/content-keys), webhooks and their deliveries (/cms/webhooks) and the domain's delivery
 * settings (/cms/domain/settings). Nothing here sends If-Match: these PUTs replace the whole
 * resource and the server takes no version.
 */
export const integrationsApi = api
  .enhanceEndpoints({ addTagTypes: [KEYS, WEBHOOKS, DELIVERIES, SETTINGS] })
  .injectEndpoints({
    endpoints: (build) => ({
      getContentKeys: build.query<ContentKeyList, DomainArgs>({
        query: ({ domain }) => ({ url: '/cms/content-keys', params: { domain } }),
        providesTags: [KEYS],
      }),
      createContentKey: build.mutation<NewContentKey, DomainArgs & { body: ContentKeyInput }>({
        query: ({ domain, body }) => ({ url: '/cms/content-keys', method: 'POST', params: { domain }, body }),
        invalidatesTags: (_result, error) => (error ? [] : [KEYS]),
      }),
      revokeContentKey: build.mutation<void, WebhookArgs>({
        query: ({ domain, id }) => ({
          url: `/cms/content-keys/${encodeURIComponent(id)}`,
          method: 'DELETE',
          params: { domain },
        }),
        // A 404 (revoked meanwhile elsewhere) refreshes the list too.
        invalidatesTags: [KEYS],
      }),

      getWebhooks: build.query<WebhookList, DomainArgs>({
        query: ({ domain }) => ({ url: '/cms/webhooks', params: { domain } }),
        providesTags: [WEBHOOKS],
      }),
      createWebhook: build.mutation<NewWebhook, DomainArgs & { body: WebhookInput }>({
        query: ({ domain, body }) => ({ url: '/cms/webhooks', method: 'POST', params: { domain }, body }),
        invalidatesTags: (_result, error) => (error ? [] : [WEBHOOKS]),
      }),
      updateWebhook: build.mutation<Webhook, WebhookArgs & { body: WebhookInput }>({
        query: ({ domain, id, body }) => ({ url: webhookUrl(id), method: 'PUT', params: { domain }, body }),
        // Turning a webhook off fails its pending deliveries.
        invalidatesTags: (_result, error, { id }) => (error ? [] : [WEBHOOKS, { type: DELIVERIES, id }]),
      }),
      deleteWebhook: build.mutation<void, WebhookArgs>({
        query: ({ domain, id }) => ({ url: webhookUrl(id), method: 'DELETE', params: { domain } }),
        invalidatesTags: [WEBHOOKS],
      }),
      testWebhook: build.mutation<WebhookDelivery, WebhookArgs>({
        query: ({ domain, id }) => ({ url: `${webhookUrl(id)}/test`, method: 'POST', params: { domain } }),
        invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: DELIVERIES, id }]),
      }),
      getWebhookDeliveries: build.query<PagedResponse<WebhookDelivery>, DeliveryPageArgs>({
        query: ({ domain, id, page, numberOfEntries }) => ({
          url: `${webhookUrl(id)}/deliveries`,
          params: { domain, page, numberOfEntries },
        }),
        providesTags: (_result, _error, { id }) => [{ type: DELIVERIES, id }],
      }),
      redeliver: build.mutation<WebhookDelivery, WebhookArgs & { deliveryId: string }>({
        query: ({ domain, id, deliveryId }) => ({
          url: `${webhookUrl(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
          method: 'POST',
          params: { domain },
        }),
        invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: DELIVERIES, id }]),
      }),

      getDomainSettings: build.query<DomainSettings, DomainArgs>({
        query: ({ domain }) => ({ url: '/cms/domain/settings', params: { domain } }),
        providesTags: [SETTINGS],
      }),
      updateDomainSettings: build.mutation<DomainSettings, DomainArgs & { body: DomainSettings }>({
        query: ({ domain, body }) => ({
          url: '/cms/domain/settings',
          method: 'PUT',
          params: { domain },
          body,
        }),
        invalidatesTags: (_result, error) => (error ? [] : [SETTINGS]),
      }),
    }),
  });

// Their refusals (4xx) are shown where the user acted (ErrorLines), in the dialog or beside the
// button: a toast would only say it again, over the same dialog.
for (const endpoint of [
  'createContentKey',
  'createWebhook',
  'updateWebhook',
  'testWebhook',
  'updateDomainSettings',
]) {
  endpointsWithInlineErrors.add(endpoint);
}

export const {
  useGetContentKeysQuery,
  useCreateContentKeyMutation,
  useRevokeContentKeyMutation,
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useRedeliverMutation,
  useGetDomainSettingsQuery,
  useUpdateDomainSettingsMutation,
} = integrationsApi;
