export default function SupportPage() {
  return null;
}
