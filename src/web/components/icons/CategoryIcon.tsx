import {
  Baby,
  BookOpen,
  Car,
  Clapperboard,
  Cpu,
  Dumbbell,
  Flower2,
  Gamepad2,
  HeartPulse,
  Hammer,
  Laptop,
  type LucideIcon,
  Package,
  Paperclip,
  Plane,
  Shirt,
  ShoppingBag,
  ShoppingBasket,
  Shovel,
  Sofa,
  Sparkles,
  Tag,
  Theater,
  Users,
  Utensils,
  Wifi,
  Wrench,
} from 'lucide-react';

/** The 25 category names of SPEC §3, lower-cased, each with its icon. */
const ICONS: Record<string, LucideIcon> = {
  electronics: Cpu,
  computers: Laptop,
  gaming: Gamepad2,
  'home & garden': Flower2,
  'clothing & accessories': Shirt,
  'beauty & health': Sparkles,
  'toys & kids': Baby,
  'books & media': BookOpen,
  'food & drink': Utensils,
  travel: Plane,
  'sports & outdoors': Dumbbell,
  automotive: Car,
  services: Wrench,
  entertainment: Clapperboard,
  'home improvement': Hammer,
  'office supplies': Paperclip,
  groceries: ShoppingBasket,
  'health & beauty': HeartPulse,
  'fashion & accessories': ShoppingBag,
  'culture & leisure': Theater,
  'broadband & phone contracts': Wifi,
  'home & living': Sofa,
  'garden & do it yourself': Shovel,
  'family & kids': Users,
  other: Package,
};

/** Unknown names get the default tag icon. */
export function categoryIconFor(name: string | null | undefined): LucideIcon {
  return ICONS[(name ?? '').trim().toLowerCase()] ?? Tag;
}

export function CategoryIcon({ name, className = 'h-5 w-5' }: { name: string | null | undefined; className?: string }) {
  const Icon = categoryIconFor(name);
  return <Icon className={className} aria-hidden="true" data-icon={Icon === Tag ? 'tag' : 'category'} />;
}
