// A program written the way MLIR's Vulkan runner programs are: a module
// target environment, spirv.entry_point_abi on the kernels, kernels
// launched on memref.alloc memory, filled by the fillResource helpers.
// The environment has no 8-bit storage, so i8 elements travel packed in
// 32-bit words.
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader, Int8], [SPV_KHR_storage_buffer_storage_class]>,
    #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    gpu.func @scale_add(%a : memref<8xf32>, %b : memref<8xf32>,
                        %out : memref<8xf32>, %factor : f32, %limit : index)
      kernel attributes {
        spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %inside = arith.cmpi slt, %i, %limit : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<8xf32>
        %y = memref.load %b[%i] : memref<8xf32>
        %sum = arith.addf %x, %y : f32
        %r = arith.mulf %sum, %factor : f32
        memref.store %r, %out[%i] : memref<8xf32>
      }
      gpu.return
    }
    gpu.func @widen(%bytes : memref<6xi8>, %words : memref<2x6xi32>)
      kernel attributes {
        spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [6, 1, 1]>} {
      %i = gpu.thread_id x
      %row = gpu.block_id x
      %b = memref.load %bytes[%i] : memref<6xi8>
      %w = arith.extsi %b : i8 to i32
      %r = arith.index_cast %row : index to i32
      %sum = arith.addi %w, %r : i32
      memref.store %sum, %words[%row, %i] : memref<2x6xi32>
      gpu.return
    }
  }

  func.func @main() {
    %a = memref.alloc() : memref<8xf32>
    %b = memref.alloc() : memref<8xf32>
    %out = memref.alloc() : memref<8xf32>
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.5 : f32
    %two = arith.constant 2.0 : f32
    %ten = arith.constant 10.0 : f32
    %a1 = memref.cast %a : memref<8xf32> to memref<?xf32>
    %b1 = memref.cast %b : memref<8xf32> to memref<?xf32>
    %out1 = memref.cast %out : memref<8xf32> to memref<?xf32>
    call @fillResource1DFloat(%a1, %one) : (memref<?xf32>, f32) -> ()
    call @fillResource1DFloat(%b1, %two) : (memref<?xf32>, f32) -> ()
    call @fillResource1DFloat(%out1, %zero) : (memref<?xf32>, f32) -> ()
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @kernels::@scale_add
        blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<8xf32>, %b : memref<8xf32>, %out : memref<8xf32>,
             %ten : f32, %c5 : index)
    %print = memref.cast %out1 : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%print) : (memref<*xf32>) -> ()

    %bytes = memref.alloc() : memref<6xi8>
    %words = memref.alloc() : memref<2x6xi32>
    %minus = arith.constant -3 : i8
    %nine = arith.constant 9 : i32
    %bytes1 = memref.cast %bytes : memref<6xi8> to memref<?xi8>
    %words2 = memref.cast %words : memref<2x6xi32> to memref<?x?xi32>
    call @fillResource1DInt8(%bytes1, %minus) : (memref<?xi8>, i8) -> ()
    call @fillResource2DInt(%words2, %nine) : (memref<?x?xi32>, i32) -> ()
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    gpu.launch_func @kernels::@widen
        blocks in (%c2, %c1, %c1) threads in (%c6, %c1, %c1)
        args(%bytes : memref<6xi8>, %words : memref<2x6xi32>)
    %printWords = memref.cast %words : memref<2x6xi32> to memref<*xi32>
    call @printMemrefI32(%printWords) : (memref<*xi32>) -> ()
    return
  }
  func.func private @fillResource1DInt8(%m : memref<?xi8>, %v : i8)
  func.func private @fillResource2DInt(%m : memref<?x?xi32>, %v : i32)
  func.func private @printMemrefI32(%m : memref<*xi32>)
  func.func private @fillResource1DFloat(%m : memref<?xf32>, %v : f32)
  func.func private @printMemrefF32(%m : memref<*xf32>)
}
