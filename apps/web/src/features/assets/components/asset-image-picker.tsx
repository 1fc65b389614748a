import type { AssetInfo } from '@masthead/contract';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@masthead/contract/constants';
import { useEffect, useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetAssetsQuery } from '../api/get-assets.js';
import { ImageSize } from './image-size.js';
import './asset-image-picker.css';

export interface AssetImagePickerProps {
  domain: string;
  /** The asset's stable public address, its description as the alt text, and its size in pixels. */
  onPick: (image: { src: string; altText: string; width: number; height: number }) => void;
}

/**
 * The editor's "pick from assets" (issue 8, beyond the spec): the domain's assets, searchable, as a
 * list of buttons. Only public assets can be picked: a private asset has no address that lasts
 * (its signed URL expires after 15 minutes), and a post keeps the image by address.
 */
export function AssetImagePicker({ domain, onPick }: AssetImagePickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [text, setText] = useState('');
  const [searchString, setSearchString] = useState('');
  const [numberOfEntries, setNumberOfEntries] = useState(DEFAULT_PAGE_SIZE);
  const [chosen, setChosen] = useState<AssetInfo>();

  useEffect(() => {
    if (text === searchString) return;
    const timer = window.setTimeout(() => {
      setSearchString(text);
      setNumberOfEntries(DEFAULT_PAGE_SIZE);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, searchString]);

  const list = useGetAssetsQuery({ domain, page: 0, numberOfEntries, searchString });
  const assets = list.data?.entries ?? [];
  const more = list.data ? list.data.totalEntries > assets.length && numberOfEntries < MAX_PAGE_SIZE : false;

  function pick(asset: AssetInfo) {
    setChosen(asset);
    onPick({ src: asset.downloadUrl, altText: asset.description, width: asset.width, height: asset.height });
  }

  return (
    <section className="asset-picker" aria-labelledby={titleId}>
      <h3 id={titleId} className="asset-picker__title">
        {t('assets.pickTitle')}
      </h3>
      <input
        type="search"
        className="asset-picker__search"
        aria-label={t('assets.pickSearch')}
        placeholder={t('assets.search')}
        value={text}
        // Enter here searches; it must not submit the insert dialog's form.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        onChange={(event) => setText(event.target.value)}
      />
      <p className="visually-hidden" role="status">
        {chosen ? t('assets.pickChosen', { name: chosen.fileName }) : ''}
      </p>
      {list.isLoading ? (
        <p className="asset-picker__state">{t('assets.pickLoading')}</p>
      ) : assets.length === 0 ? (
        <p className="asset-picker__state">{t('assets.pickEmpty')}</p>
      ) : (
        <ul className="asset-picker__list" aria-labelledby={titleId} aria-busy={list.isFetching}>
          {assets.map((asset) => (
            <li key={asset.id}>
              <button
                type="button"
                className="asset-picker__option"
                aria-pressed={chosen?.id === asset.id}
                disabled={!asset.public}
                onClick={() => pick(asset)}
              >
                <img src={asset.downloadUrl} alt="" width={40} height={40} loading="lazy" />
                <span className="asset-picker__text">
                  <span className="asset-picker__name">{asset.fileName}</span>
                  <span className="asset-picker__description">
                    {asset.public ? asset.description : t('assets.pickPrivate')}
                  </span>
                  <ImageSize className="asset-picker__size" width={asset.width} height={asset.height} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button
          type="button"
          className="button button--secondary asset-picker__more"
          onClick={() => setNumberOfEntries((count) => Math.min(count + DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE))}
        >
          {t('assets.pickMore')}
        </button>
      )}
    </section>
  );
}
