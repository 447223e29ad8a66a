//! Board pictures as SVG (one renderer for every binding).
