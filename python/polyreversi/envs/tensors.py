"""Observations and action masks as torch tensors (or any DLPack consumer's), without copies
where the memory allows.

- The environments return writeable, C-contiguous NumPy arrays, new each step (the
  vector env's ``copy=False`` refills one observation buffer instead), so
  ``torch.from_numpy(obs)``, ``torch.from_dlpack(obs)``, ``jax.dlpack``/``cupy.from_dlpack``
  share their memory: :func:`observations_as_tensor` does that, no copy.
- Masks are int8 0/1 (:data:`polyreversi.envs.observation.MASK_DTYPE`); torch masks
  are bool. :func:`masks_as_tensor` reinterprets the same bytes as bool
  (``mask.view(bool)``; 0/1 bytes are valid bools), no copy.
- :attr:`polyreversi.Batch.masks` and the Batch's other arrays are read-only views of
  the engine's memory, rewritten by every Batch call. A tensor cannot be marked
  read-only, so these functions **copy** a read-only array (and NumPy's own
  ``torch.from_numpy`` would warn): take ``info["action_mask"]`` from the env, or
  ``batch.masks.copy()``, to own the data.
- Into a tensor with no copy at all: ``batch.observe(out=tensor.numpy())`` fills a
  C-contiguous uint8 or float32 CPU tensor of shape (B, C, N, N) in place.

Needs torch (``pip install 'polyreversi[rl]'``); importing this module does not.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from polyreversi.envs.observation import MASK_DTYPE


def _torch() -> Any:  # the torch module, untyped when the rl extra is absent
    try:
        import torch
    except ImportError:  # an optional extra
        raise ImportError("polyreversi.envs.tensors needs torch: pip install 'polyreversi[rl]'") from None
    return torch


def _shareable(array: np.ndarray) -> bool:
    return array.flags.writeable and array.flags.c_contiguous


def observations_as_tensor(obs: np.ndarray) -> Any:  # a torch.Tensor (torch is an optional extra)
    """A CPU tensor of ``obs`` (uint8 (..., C, N, N) or float32), sharing its memory when
    ``obs`` is writeable and C-contiguous (every env's observations are), else a copy.

    Raises:
        TypeError: not a NumPy array. ImportError: torch is not installed.
    """
    torch = _torch()
    if not isinstance(obs, np.ndarray):
        raise TypeError(f"obs: expected a NumPy array, got {type(obs).__name__}")
    return torch.from_numpy(obs if _shareable(obs) else np.ascontiguousarray(obs).copy())


def masks_as_tensor(mask: np.ndarray) -> Any:  # a torch.Tensor
    """A bool CPU tensor of an action mask (int8/uint8 0/1 or bool, any shape), sharing its
    memory when ``mask`` is writeable and C-contiguous (the envs' masks are), else a copy
    (:attr:`polyreversi.Batch.masks`, read-only).

    Raises:
        TypeError: not a NumPy array of int8, uint8 or bool. ValueError: an int8/uint8
            mask holding a value other than 0 or 1 (its bytes are not bools).
        ImportError: torch is not installed.
    """
    torch = _torch()
    if not isinstance(mask, np.ndarray) or mask.dtype not in (MASK_DTYPE, np.uint8, np.bool_):
        raise TypeError(f"mask: expected an int8, uint8 or bool NumPy array, got "
                        f"{getattr(mask, 'dtype', type(mask).__name__)}")
    if mask.dtype != np.bool_ and mask.size and (mask.view(np.uint8) > 1).any():
        raise ValueError("mask: values other than 0 and 1")
    if not _shareable(mask):
        mask = np.ascontiguousarray(mask).copy()
    return torch.from_numpy(mask.view(np.bool_))


__all__ = ["observations_as_tensor", "masks_as_tensor"]
