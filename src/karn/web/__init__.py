"""The browser table: ``karn serve`` (FastAPI + uvicorn, websockets), its pages and its store."""
