import { SearchForm } from '../../../components/SearchForm';
import { useSyncedText } from '../../../components/useSyncedText';
import { btnSecondary, inputClass } from './buttons';

interface Props {
  id: string;
  label: string;
  placeholder: string;
  /** The search in force; the box follows it when it changes elsewhere. */
  value: string;
  onSearch: (text: string) => void;
  className: string;
  fieldClassName: string;
}

/** The search of an admin list: applied on submit (Enter or the Search button), trimmed. */
export function AdminSearch({ id, label, placeholder, value, onSearch, className, fieldClassName }: Props) {
  const [text, setText] = useSyncedText(value);
  return (
    <SearchForm
      id={id}
      label={label}
      value={text}
      onChange={setText}
      onSubmit={() => onSearch(text.trim())}
      placeholder={placeholder}
      className={className}
      fieldClassName={fieldClassName}
      inputClassName={`${inputClass} pl-9`}
    >
      <button type="submit" className={btnSecondary}>
        Search
      </button>
    </SearchForm>
  );
}
