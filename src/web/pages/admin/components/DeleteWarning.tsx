/** A hard delete takes the deal's files and history with it (SPEC §4): said in every deal delete confirmation. */
export function DeleteWarning() {
  return <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">This will remove all associated data including images and backup records.</p>;
}
