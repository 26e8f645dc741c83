import { priceText } from './format';

/** True when there is an original price above the price: the only case worth striking through. */
export const isReduced = (price: number | null, originalPrice: number | null) => originalPrice !== null && price !== null && originalPrice > price;

/** The struck-through original price, read out as 'was £x', shown only when it is above the price. */
export function WasPrice({ price, originalPrice, className }: { price: number | null; originalPrice: number | null; className: string }) {
  if (!isReduced(price, originalPrice)) return null;
  return (
    <s className={className}>
      <span className="sr-only">was </span>
      {priceText(originalPrice)}
    </s>
  );
}
