import BabyIcon from '@mui/icons-material/ChildCare';
import CandyOffIcon from '@mui/icons-material/NoFood';
import ChefHatIcon from '@mui/icons-material/SoupKitchen';
import DumbbellIcon from '@mui/icons-material/FitnessCenter';
import FishIcon from '@mui/icons-material/SetMeal';
import FlameIcon from '@mui/icons-material/LocalFireDepartment';
import FlowerIcon from '@mui/icons-material/LocalFlorist';
import GlobeIcon from '@mui/icons-material/Public';
import HeartIcon from '@mui/icons-material/Favorite';
import HeartPulseIcon from '@mui/icons-material/MonitorHeart';
import LeafIcon from '@mui/icons-material/EnergySavingsLeaf';
import MilkIcon from '@mui/icons-material/LocalDrink';
import NutIcon from '@mui/icons-material/Spa';
import SaladIcon from '@mui/icons-material/RamenDining';
import ShieldIcon from '@mui/icons-material/Shield';
import SparklesIcon from '@mui/icons-material/AutoAwesome';
import SproutIcon from '@mui/icons-material/Grass';
import StarIcon from '@mui/icons-material/Star';
import UtensilsIcon from '@mui/icons-material/Restaurant';
import WarningIcon from '@mui/icons-material/WarningAmber';
import WheatIcon from '@mui/icons-material/Grain';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * Previews of the icon names tags use. The apps name icons in kebab case (the Lucide set, e.g.
 * "heart-pulse"); the admin shows the closest Material icon. A name without a preview is still
 * valid: it is saved as typed and the apps resolve it.
 */
const TAG_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  'alert-triangle': WarningIcon,
  baby: BabyIcon,
  bean: WheatIcon,
  'candy-off': CandyOffIcon,
  'chef-hat': ChefHatIcon,
  dumbbell: DumbbellIcon,
  fish: FishIcon,
  flame: FlameIcon,
  flower: FlowerIcon,
  globe: GlobeIcon,
  heart: HeartIcon,
  'heart-pulse': HeartPulseIcon,
  leaf: LeafIcon,
  milk: MilkIcon,
  nut: NutIcon,
  salad: SaladIcon,
  shield: ShieldIcon,
  sparkles: SparklesIcon,
  sprout: SproutIcon,
  star: StarIcon,
  utensils: UtensilsIcon,
  wheat: WheatIcon,
  'wheat-off': CandyOffIcon,
};

/** The preview icon of a tag's icon name (case and surrounding spaces ignored), if there is one. */
export function tagIcon(name: unknown): SvgIconComponent | undefined {
  return typeof name === 'string' ? TAG_ICONS[name.trim().toLowerCase()] : undefined;
}
