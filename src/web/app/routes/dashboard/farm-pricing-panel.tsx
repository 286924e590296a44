// The farm store dashboard's pricing tab: the price editor (messages and the outbox have a tab of
// their own, farm-messages-panel.tsx).
import { PriceEditor } from '../../../features/pricing/components/price-editor.tsx';

export function FarmPricingPanel() {
  return <PriceEditor />;
}
