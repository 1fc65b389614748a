// Compiled by the typecheck only: each generated type must be exactly the contract's. When this
// fails, the delivery schemas changed: run `npm run contract-types -w packages/client`.
import type * as Contract from '@masthead/contract';
import type * as Generated from '../contract-types.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type Checks = [
  Expect<Equal<Generated.ErrorBody, Contract.ErrorBody>>,
  Expect<Equal<Generated.DeliveryTaxonomyRef, Contract.DeliveryTaxonomyRef>>,
  Expect<Equal<Generated.DeliveryTaxonomyEntry, Contract.DeliveryTaxonomyEntry>>,
  Expect<Equal<Generated.DeliveryMeta, Contract.DeliveryMeta>>,
  Expect<Equal<Generated.DeliveryImageSource, Contract.DeliveryImageSource>>,
  Expect<Equal<Generated.DeliveryImage, Contract.DeliveryImage>>,
  Expect<Equal<Generated.DeliveryPost, Contract.DeliveryPost>>,
  Expect<Equal<Generated.DeliveryPostList, Contract.DeliveryPostList>>,
  Expect<Equal<Generated.DeliveryTagList, Contract.DeliveryTagList>>,
  Expect<Equal<Generated.DeliveryCategoryList, Contract.DeliveryCategoryList>>,
  Expect<Equal<Generated.DeliveryChange, Contract.DeliveryChange>>,
  Expect<Equal<Generated.DeliveryChanges, Contract.DeliveryChanges>>,
  Expect<Equal<Generated.DeliveryPreview, Contract.DeliveryPreview>>,
  Expect<Equal<Generated.DeliveryAssetVariant, Contract.DeliveryAssetVariant>>,
  Expect<Equal<Generated.DeliveryAsset, Contract.DeliveryAsset>>,
];
