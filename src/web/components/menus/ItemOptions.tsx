/** The options of a select over named rows (categories, stores), after its first 'all' or 'choose one' option. */
export function ItemOptions({
  firstValue,
  firstLabel,
  items,
}: {
  firstValue: string;
  firstLabel: string;
  items: ReadonlyArray<{ id: number; name: string }> | undefined;
}) {
  return (
    <>
      <option value={firstValue}>{firstLabel}</option>
      {items?.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}
