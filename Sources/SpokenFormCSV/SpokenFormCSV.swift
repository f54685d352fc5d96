// Streaming CSV conversion (issue: CSV columns to spoken form). Not built yet.
import SpokenForm
