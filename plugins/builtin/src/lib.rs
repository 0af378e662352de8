//! Kaidoku's built-in techniques.
