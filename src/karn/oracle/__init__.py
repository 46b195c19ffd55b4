"""The Oracle compiler: Oracle text -> ability IR (:mod:`karn.ir.nodes`).

Entry points: :func:`compile_card` (cached by name), :func:`compile_text`,
:func:`karn.oracle.coverage.coverage_report`, :func:`karn.oracle.describe.describe_abilities`.
"""

from karn.oracle.compiler import SimpleFace, compile_card, compile_face, compile_text, face_from_record
from karn.oracle.normalize import CardLike

__all__ = ["CardLike", "SimpleFace", "compile_card", "compile_face", "compile_text", "face_from_record"]
